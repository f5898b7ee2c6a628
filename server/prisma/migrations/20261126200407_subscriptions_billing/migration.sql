-- Subscriptions that end, renew and get paid (docs/product.md#subscriptions-and-billing): past_due, the
-- period and the cancellation on a subscription, payments, refunds, invoices and credit notes numbered per year.
-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('pending', 'paid', 'failed', 'abandoned', 'refunded', 'partially_refunded');

-- CreateEnum
CREATE TYPE "PaymentPurpose" AS ENUM ('period', 'upgrade');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('knet', 'card', 'apple_pay', 'bank_transfer', 'other');

-- CreateEnum
CREATE TYPE "InvoiceKind" AS ENUM ('invoice', 'credit_note');

-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- AlterEnum
ALTER TYPE "SubscriptionStatus" ADD VALUE 'past_due';

-- AlterTable
ALTER TABLE "businesses" ADD COLUMN     "billing_address" TEXT,
ADD COLUMN     "legal_name" TEXT;

-- AlterTable
ALTER TABLE "outbound_mail" ADD COLUMN     "invoice_id" UUID;

-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "ended_at" TIMESTAMPTZ(3),
ADD COLUMN     "next_plan" "Plan",
ADD COLUMN     "past_due_since" TIMESTAMPTZ(3),
ADD COLUMN     "period_starts_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "purpose" "PaymentPurpose" NOT NULL,
    "plan" "Plan" NOT NULL,
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "period_end" TIMESTAMPTZ(3) NOT NULL,
    "amount_fils" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'KWD',
    "status" "PaymentStatus" NOT NULL DEFAULT 'pending',
    "method" "PaymentMethod",
    "gateway" TEXT NOT NULL,
    "gateway_charge_id" TEXT,
    "receipt" TEXT,
    "failure_code" TEXT,
    "failure_message" TEXT,
    "refunded_fils" INTEGER NOT NULL DEFAULT 0,
    "created_by_id" UUID,
    "note" TEXT,
    "paid_at" TIMESTAMPTZ(3),
    "applied_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "amount_fils" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "status" "RefundStatus" NOT NULL DEFAULT 'pending',
    "gateway_refund_id" TEXT,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "kind" "InvoiceKind" NOT NULL,
    "number" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "payment_id" UUID,
    "refund_id" UUID,
    "relates_to_id" UUID,
    "legal_name" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "lines" JSONB NOT NULL,
    "total_fils" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'KWD',
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_counters" (
    "kind" "InvoiceKind" NOT NULL,
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "invoice_counters_pkey" PRIMARY KEY ("kind","year")
);

-- CreateTable
CREATE TABLE "gateway_events" (
    "key" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gateway_events_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "payments_gateway_charge_id_key" ON "payments"("gateway_charge_id");

-- CreateIndex
CREATE INDEX "payments_business_id_created_at_idx" ON "payments"("business_id", "created_at");

-- CreateIndex
CREATE INDEX "payments_status_created_at_idx" ON "payments"("status", "created_at");

-- CreateIndex
CREATE INDEX "payments_paid_at_idx" ON "payments"("paid_at");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_gateway_refund_id_key" ON "refunds"("gateway_refund_id");

-- CreateIndex
CREATE INDEX "refunds_payment_id_idx" ON "refunds"("payment_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices"("number");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_payment_id_key" ON "invoices"("payment_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_refund_id_key" ON "invoices"("refund_id");

-- CreateIndex
CREATE INDEX "invoices_business_id_issued_at_idx" ON "invoices"("business_id", "issued_at");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_kind_year_sequence_key" ON "invoices"("kind", "year", "sequence");

-- CreateIndex
CREATE INDEX "subscriptions_status_renews_at_idx" ON "subscriptions"("status", "renews_at");

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_fkey" FOREIGN KEY ("refund_id") REFERENCES "refunds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Money records are never deleted, and an invoice never changes once issued: the database refuses it.
-- (the body's semicolon is written \073: the migration runner splits statements on every semicolon)
CREATE FUNCTION "refuse_money_record_change"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN RAISE EXCEPTION ''% rows are never %d'', TG_TABLE_NAME, lower(TG_OP) USING ERRCODE = ''restrict_violation''\073 END';
CREATE TRIGGER "invoices_never_change" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "refuse_money_record_change"();
CREATE TRIGGER "payments_never_deleted" BEFORE DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "refuse_money_record_change"();
CREATE TRIGGER "refunds_never_deleted" BEFORE DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION "refuse_money_record_change"();
