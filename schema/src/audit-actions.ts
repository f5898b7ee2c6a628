// Every action the server writes to the audit log ("area.verb"): one list. The server's audit() takes
// only these (a new kind is added here first, or the type check fails), and the admin's client history
// labels each of them in English and Arabic (client/src/modules/admin/auditActions.test.ts fails on a
// kind without its label).
export const AUDIT_ACTIONS = [
  "admin.seeded",
  "ai_settings.update",
  "api_key.created", "api_key.revoked",
  "billing.charge_mismatch", "billing.details_updated", "billing.manual_payment", "billing.payment_applied", "billing.payment_paid",
  "billing.payment_started", "billing.payment_failed", "billing.payment_abandoned", "billing.period_extended", "billing.plan_changed",
  "billing.refund", "billing.refund_succeeded", "billing.refund_failed",
  "billing.trial_ended", "billing.past_due", "billing.expired", "billing.cancelled", "billing.cancel_at_period_end", "billing.kept",
  "business_profile.updated", "business_voice.updated",
  "campaign.created", "campaign.updated", "campaign.deleted",
  "client.signed_up", "client.approved", "client.rejected", "client.trial_gifted", "client.suspended", "client.reactivated", "client.updated",
  "competitor_discovery.connected", "competitor_discovery.disconnected",
  "content_plan.created",
  "content_template.created", "content_template.updated", "content_template.deleted",
  "demo.seeded", "demo.history_seeded", "demo.history_tiktok_facebook_seeded", "demo.profile_seeded",
  "holiday_override.set", "holiday_override.removed",
  "inbox.reply_sent", "inbox.reply_deleted", "inbox.private_reply_sent", "inbox.comment_hidden", "inbox.comment_shown", "inbox.settings_changed",
  "media.deleted",
  "menu.imported", "menu.reordered", "menu_item.added", "menu_item.updated", "menu_item.removed",
  "platform.connected", "platform.disconnected", "platform.practice_added", "platform.facebook_page_chosen",
  "platform.google_locations_read", "platform.google_locations_picked", "platform.google_locations_unpicked",
  "post.created", "post.scheduled", "post.rescheduled", "post.unscheduled", "post.updated", "post.deleted", "post.publish_requested",
  "post.target_confirmed", "post.target_retried", "post.duplicated",
  "team.invited", "team.invitation_accepted", "team.invitation_revoked", "team.member_removed",
  "translation.updated",
  "user.email_verified", "user.password_changed", "user.password_reset", "user.password_reset_requested", "user.profile_updated",
  "webhook.created", "webhook.updated", "webhook.deleted", "webhook.secret_rotated", "webhook.test_sent", "webhook.redelivered", "webhook.disabled_failing",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
