import './messages.ts';

export {
  activeMemberActor,
  adjustMember,
  createMember,
  findMemberByUsername,
  memberActor,
  memberMayAct,
  memberMayActInSession,
  type MemberRow,
  type NewMember,
} from './member.service.ts';
export { memberRoutes } from './member.routes.ts';
export {
  memberContext,
  tenantMembersContext,
  type AnyMemberContext,
  type MemberContext,
  type MembersAdminContext,
} from './context.ts';
export { countMembers } from './member.repo.ts';
export { MEMBER_AVATAR_IMAGE, type MemberAvatarImage } from './avatar-image.ts';
export { memberModule } from './module.ts';
