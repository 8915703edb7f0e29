/** Whether a link's target is worth applying in the rich-text box (the checker then says whether it is a page of the site or a valid address). */
export const isLinkTarget = (target: string): boolean => (target.startsWith('/') && !target.startsWith('//')) || /^(https?:\/\/\S+|mailto:\S+@\S+|tel:\+?[0-9][0-9\s().-]*)$/i.test(target);
