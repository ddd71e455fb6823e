import type { Executor } from '../../db/client.ts';
import { extensionPoint } from '../../platform/extensions.ts';

/**
 * The storage key of an image a member uploaded, for its avatar (issue 27), or null when the id is
 * not an image of that member's. Uploads belong to the admin module, which provides this
 * (decision 0027): the member module reads no other module's tables.
 */
export type MemberAvatarImage = (
  tx: Executor,
  member: { tenantId: string; memberId: string },
  attachmentId: string,
) => Promise<string | null>;

export const MEMBER_AVATAR_IMAGE = extensionPoint<MemberAvatarImage>('member.avatarImage');
