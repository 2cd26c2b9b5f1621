/** Roles of ARCHITECTURE.md section 7: the product operator, a company's owner, its admins, its operators. */
export const roles = ['MASTER', 'SUPER_USER', 'ADMIN', 'OPERATOR'] as const;
export type Role = (typeof roles)[number];
