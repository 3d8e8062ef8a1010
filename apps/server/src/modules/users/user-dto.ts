/** A user row as the API shows it (the API's field names, docs/product/calls.md). */
import type { User } from '@beat/shared';
import type { UserRow } from '../../db/schema.js';

export function profileImageUrl(key: string | null): string | null {
  return key ? `/api/files/${key}` : null;
}

export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    fullName: row.fullName,
    username: row.username,
    userType: row.userType,
    Credits: row.credits,
    profileImage: profileImageUrl(row.profileImageKey),
    isStemsAvailable: row.isStemsAvailable,
    lastSessionDate: row.lastSessionDate?.toISOString() ?? null,
    hasPasswordChanged: row.hasPasswordChanged,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}
