-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "agency_payment_id" UUID;

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "agency_payment_id" UUID;

-- CreateTable
CREATE TABLE "agency_payments" (
    "id" UUID NOT NULL,
    "agency_id" UUID NOT NULL,
    "total_fils" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'KWD',
    "status" "PaymentStatus" NOT NULL DEFAULT 'pending',
    "method" "PaymentMethod",
    "gateway" TEXT NOT NULL,
    "gateway_charge_id" TEXT,
    "receipt" TEXT,
    "failure_code" TEXT,
    "failure_message" TEXT,
    "created_by_id" UUID,
    "paid_at" TIMESTAMPTZ(3),
    "applied_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agency_payments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "agency_payments_gateway_charge_id_key" ON "agency_payments"("gateway_charge_id");

-- CreateIndex
CREATE INDEX "agency_payments_agency_id_created_at_idx" ON "agency_payments"("agency_id", "created_at");

-- CreateIndex
CREATE INDEX "agency_payments_status_created_at_idx" ON "agency_payments"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_agency_payment_id_key" ON "invoices"("agency_payment_id");

-- CreateIndex
CREATE INDEX "payments_agency_payment_id_idx" ON "payments"("agency_payment_id");

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_agency_payment_id_fkey" FOREIGN KEY ("agency_payment_id") REFERENCES "agency_payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_agency_payment_id_fkey" FOREIGN KEY ("agency_payment_id") REFERENCES "agency_payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- An agency's payment is a money record: never deleted, as payments are (the function of subscriptions_billing)
CREATE TRIGGER "agency_payments_never_deleted" BEFORE DELETE ON "agency_payments" FOR EACH ROW EXECUTE FUNCTION "refuse_money_record_change"();
