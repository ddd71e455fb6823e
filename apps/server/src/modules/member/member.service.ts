import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/context.ts';
import { hashPassword } from '../../platform/auth/password.ts';

export type MemberRow = typeof members.$inferSelect;

export interface NewMember {
  username: string;
  password: string;
  nickname?: string;
  email?: string;
  mobile?: string;
}

/** Creates a member-centre user of a tenant. */
export async function createMember(
  ctx: { tenantId: string; tx: Executor },
  input: NewMember,
): Promise<MemberRow> {
  const [row] = await ctx.tx
    .insert(members)
    .values({
      tenantId: ctx.tenantId,
      username: input.username,
      passwordHash: await hashPassword(input.password),
      nickname: input.nickname ?? input.username,
      email: input.email ?? '',
      mobile: input.mobile ?? '',
    })
    .returning();
  if (!row) throw new Error('member insert returned nothing');
  return row;
}

export async function findMemberByUsername(ctx: { tenantId: string; tx: Executor }, username: string) {
  const [row] = await ctx.tx
    .select()
    .from(members)
    .where(and(eq(members.tenantId, ctx.tenantId), eq(members.username, username)))
    .limit(1);
  return row;
}

export const memberActor = (m: MemberRow): Actor => ({ kind: 'member', id: m.id, tenantId: m.tenantId });
