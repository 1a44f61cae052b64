/** The approval rules of an entity (how many approvers each request type needs). */
export const approvalKeys = {
  all: ['approval-policies'] as const,
  policies: (entityId: number) => ['approval-policies', entityId] as const,
};
