// Who may speak for the café in its conversations' settings (docs/product.md#conversations): its WhatsApp
// number, its templates and its guests' data are the managers' (the owners and the account holder), from a
// person's own session; an agency's people only where the café granted it.
import type { Deps } from "../../deps.ts";
import { AppError } from "../../kernel/errors.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { accessOf } from "../team/index.ts";

export async function requireCafeManager(db: Deps["db"], viewer: Viewer | null) {
  const v = requireScope(viewer, "business");
  if (v.apiKeyId) throw new AppError("PERSONAL_SESSION_REQUIRED");
  const a = await accessOf(db, v, "publish");
  if (!a.canManage) throw new AppError("FORBIDDEN");
  return { v, businessId: v.businessId! };
}
