export {
  createMember,
  findMemberByUsername,
  memberActor,
  type MemberRow,
  type NewMember,
} from './member.service.ts';
