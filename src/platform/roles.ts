/** What a signed-in account may do: owners see leads and edit content; editors edit content only. */
export const ADMIN_ROLES = ['owner', 'editor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
