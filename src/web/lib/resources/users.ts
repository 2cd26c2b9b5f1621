import type { UserView } from '../../../domain/identity/identity.views';
import { api, type Page } from '../api';

/** `GET /api/users`: page counts from 1; role and status filters; `q` matches name, email or username; `sort` a column. */
export interface UserListQuery {
  page: number;
  limit: number;
  role?: UserView['role'];
  status?: UserView['status'];
  q?: string;
  sort?: string;
}

/** One page of the company's team: the one client of the user list (the team's tables, the pickers). */
export const getUsers = (query: UserListQuery): Promise<Page<UserView>> => api.get<Page<UserView>>('/users', { query: { ...query } });
