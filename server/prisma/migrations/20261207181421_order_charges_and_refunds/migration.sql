-- CreateTable
CREATE TABLE "order_charges" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "charge_id" TEXT,
    "amount_fils" INTEGER NOT NULL,
    "status" TEXT,
    "payment_url" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_charges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_refunds" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "amount_fils" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "gateway_refund_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'requesting',
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_refunds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "order_charges_reference_key" ON "order_charges"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "order_charges_charge_id_key" ON "order_charges"("charge_id");

-- CreateIndex
CREATE INDEX "order_charges_order_id_created_at_idx" ON "order_charges"("order_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "order_refunds_reference_key" ON "order_refunds"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "order_refunds_gateway_refund_id_key" ON "order_refunds"("gateway_refund_id");

-- CreateIndex
CREATE INDEX "order_refunds_order_id_created_at_idx" ON "order_refunds"("order_id", "created_at");

-- AddForeignKey
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
