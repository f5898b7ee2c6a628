// Kernel (src/kernel/): shared by every module and feature-free.
// A kernel file imports no module (src/modules/*); modules import the kernel, never the reverse.
// Audit rows are written inside the transaction of the change they record.
import type { AuditAction } from "@sufra/schema";
import type { Tx } from "../db/prisma.ts";

export interface AuditEntry {
  actorId: string | null;
  /** one of AUDIT_ACTIONS (@sufra/schema): the admin's history has a label for each */
  action: AuditAction;
  entityType: string;
  entityId: string;
  data?: Record<string, unknown>;
  ip?: string | null;
}

export async function audit(tx: Tx, e: AuditEntry) {
  await tx.auditLog.create({
    data: {
      actorId: e.actorId,
      action: e.action,
      entityType: e.entityType,
      entityId: e.entityId,
      data: (e.data ?? {}) as object,
      ip: e.ip ?? null,
    },
  });
}
