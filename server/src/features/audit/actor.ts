import type { FastifyRequest } from 'fastify';
import { isAdminRole, type Role } from '@shared/auth/roles';
import type { UserRow } from '../../db/schema';
import { signedInUser } from '../../plugins/access-control';

// Who makes a change, as its audit row names them; use cases spread it into recordAudit.
export interface Actor {
  userId: number | null;
  userName: string | null;
  ipAddress: string | null;
}

// A signed-in user acting over HTTP: their role decides what they may do.
export interface StaffActor extends Actor {
  userId: number;
  userName: string;
  ipAddress: string;
  role: Role;
}

// A signed-in user with their whole row, for use cases that check the user's booths or pages.
export interface UserActor {
  user: UserRow;
  ipAddress: string;
}

// The audit row's who and where for a UserActor (spread into recordAudit).
export function userAudit(actor: UserActor, tableName?: string): Actor & { tableName?: string } {
  return { userId: actor.user.id, userName: actor.user.full_name, ipAddress: actor.ipAddress, ...(tableName ? { tableName } : {}) };
}

export function requestActor(request: FastifyRequest): StaffActor {
  const { user } = signedInUser(request);
  return { userId: user.id, userName: user.full_name, ipAddress: request.ip, role: user.role as Role };
}

// Office roles see every task and notification; others only the ones that involve them.
// Undefined means no limit; otherwise the user id the rows must involve.
export function involvedUserScope(actor: StaffActor): number | undefined {
  return isAdminRole(actor.role) ? undefined : actor.userId;
}
