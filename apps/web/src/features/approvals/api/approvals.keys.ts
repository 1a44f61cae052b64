/** The approval rules of an entity (how many approvers each request type needs). */
export const approvalKeys = {
  groups: ['approval-policies', 'groups'] as const,
  all: ['approval-policies'] as const,
  policies: (entityId: number) => ['approval-policies', entityId] as const,
};
