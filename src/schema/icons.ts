/**
 * Names of the icons a config file may ask for. src/site/ui/icons.tsx maps each name to
 * its drawing (`satisfies Record<IconName, ...>`), so a name without a drawing is a type error.
 */
export const iconNames = [
  'phone',
  'email',
  'whatsapp',
  'instagram',
  'linkedin',
  'facebook',
  'chat',
  'web',
  'mobile',
  'design',
  'seo',
  'cart',
  'cms',
  'support',
  'marketing',
  'growth',
  'branding',
  'arrow',
  'location',
] as const;
export type IconName = (typeof iconNames)[number];
