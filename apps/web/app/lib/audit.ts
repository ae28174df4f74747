/** The audit trail's filters, as they are in the screen's address and the CSV export's (Admin → Audit trail). */
export const AUDIT_FILTERS = ["actor", "action", "subjectType", "subjectId", "from", "to"] as const;
