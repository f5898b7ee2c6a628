-- AlterTable
ALTER TABLE "businesses" ADD COLUMN     "guest_retention_days" INTEGER NOT NULL DEFAULT 365,
ADD COLUMN     "tap_merchant_id" TEXT,
ADD COLUMN     "tap_secret_sealed" TEXT;

-- CreateTable
CREATE TABLE "conversations" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "channel" TEXT NOT NULL,
    "account_external_id" TEXT NOT NULL,
    "guest_external_id" TEXT NOT NULL,
    "guest_name" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "assigned_to_id" UUID,
    "unread" INTEGER NOT NULL DEFAULT 0,
    "last_message_at" TIMESTAMPTZ(3) NOT NULL,
    "last_guest_at" TIMESTAMPTZ(3),
    "last_preview" TEXT NOT NULL DEFAULT '',
    "language" TEXT,
    "awaiting_since" TIMESTAMPTZ(3),
    "first_response_ms" INTEGER,
    "first_response_by_id" UUID,
    "started_kind" TEXT,
    "started_external_id" TEXT,
    "started_ref" TEXT,
    "post_id" UUID,
    "campaign_id" UUID,
    "demo" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversation_messages" (
    "id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "direction" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'text',
    "text" TEXT NOT NULL DEFAULT '',
    "media" JSONB NOT NULL DEFAULT '[]',
    "choices" JSONB NOT NULL DEFAULT '[]',
    "template_name" TEXT,
    "external_id" TEXT,
    "state" TEXT,
    "send_key" TEXT,
    "sent_by_id" UUID,
    "human_agent" BOOLEAN NOT NULL DEFAULT false,
    "error" TEXT,
    "order_id" UUID,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversation_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversation_notes" (
    "id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "author_id" UUID,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversation_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "saved_replies" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "text_en" TEXT NOT NULL DEFAULT '',
    "text_ar" TEXT NOT NULL DEFAULT '',
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "saved_replies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "whatsapp_numbers" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "phone_number_id" TEXT NOT NULL,
    "waba_id" TEXT NOT NULL,
    "display_phone" TEXT NOT NULL,
    "verified_name" TEXT,
    "token_sealed" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'connected',
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "whatsapp_numbers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "whatsapp_templates" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "examples" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" TEXT NOT NULL DEFAULT 'draft',
    "external_id" TEXT,
    "reason" TEXT,
    "submitted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "whatsapp_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orders" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "conversation_id" UUID,
    "items" JSONB NOT NULL DEFAULT '[]',
    "total_fils" INTEGER NOT NULL,
    "delivery_fee_fils" INTEGER NOT NULL DEFAULT 0,
    "fulfilment" TEXT NOT NULL,
    "address" TEXT,
    "guest_name" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "payment_source" TEXT NOT NULL DEFAULT 'knet',
    "charge_reference" TEXT,
    "charge_id" TEXT,
    "payment_url" TEXT,
    "charge_status" TEXT,
    "paid_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "refunded_fils" INTEGER NOT NULL DEFAULT 0,
    "refund_id" TEXT,
    "refund_status" TEXT,
    "post_id" UUID,
    "campaign_id" UUID,
    "started_kind" TEXT,
    "created_by_id" UUID,
    "demo" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "conversations_business_id_last_message_at_idx" ON "conversations"("business_id", "last_message_at");

-- CreateIndex
CREATE INDEX "conversations_channel_account_external_id_idx" ON "conversations"("channel", "account_external_id");

-- CreateIndex
CREATE UNIQUE INDEX "conversations_business_id_channel_account_external_id_guest_key" ON "conversations"("business_id", "channel", "account_external_id", "guest_external_id");

-- CreateIndex
CREATE INDEX "conversation_messages_conversation_id_at_idx" ON "conversation_messages"("conversation_id", "at");

-- CreateIndex
CREATE INDEX "conversation_messages_business_id_at_idx" ON "conversation_messages"("business_id", "at");

-- CreateIndex
CREATE UNIQUE INDEX "conversation_messages_conversation_id_external_id_key" ON "conversation_messages"("conversation_id", "external_id");

-- CreateIndex
CREATE UNIQUE INDEX "conversation_messages_conversation_id_send_key_key" ON "conversation_messages"("conversation_id", "send_key");

-- CreateIndex
CREATE INDEX "conversation_notes_conversation_id_created_at_idx" ON "conversation_notes"("conversation_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "saved_replies_business_id_title_key" ON "saved_replies"("business_id", "title");

-- CreateIndex
CREATE UNIQUE INDEX "whatsapp_numbers_phone_number_id_key" ON "whatsapp_numbers"("phone_number_id");

-- CreateIndex
CREATE INDEX "whatsapp_numbers_business_id_idx" ON "whatsapp_numbers"("business_id");

-- CreateIndex
CREATE UNIQUE INDEX "whatsapp_templates_business_id_name_language_key" ON "whatsapp_templates"("business_id", "name", "language");

-- CreateIndex
CREATE UNIQUE INDEX "orders_charge_reference_key" ON "orders"("charge_reference");

-- CreateIndex
CREATE UNIQUE INDEX "orders_charge_id_key" ON "orders"("charge_id");

-- CreateIndex
CREATE INDEX "orders_business_id_created_at_idx" ON "orders"("business_id", "created_at");

-- CreateIndex
CREATE INDEX "orders_post_id_idx" ON "orders"("post_id");

-- CreateIndex
CREATE INDEX "orders_campaign_id_idx" ON "orders"("campaign_id");

-- CreateIndex
CREATE UNIQUE INDEX "orders_business_id_number_key" ON "orders"("business_id", "number");

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_notes" ADD CONSTRAINT "conversation_notes_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_replies" ADD CONSTRAINT "saved_replies_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "whatsapp_numbers" ADD CONSTRAINT "whatsapp_numbers_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE SET NULL ON UPDATE CASCADE;
