/** Roles of ARCHITECTURE.md section 7: the product operator, a company's owner, its admins, its operators. */
export const roles = ['MASTER', 'SUPER_USER', 'ADMIN', 'OPERATOR'] as const;
export type Role = (typeof roles)[number];

/** Who writes a company's records: its owner and administrators, and the product operator acting for it. */
export const writerRoles: readonly Role[] = ['MASTER', 'SUPER_USER', 'ADMIN'];
