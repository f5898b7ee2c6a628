-- CreateTable
CREATE TABLE "facebook_pages" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "page_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "category" TEXT,
    "tasks" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "access_token" TEXT NOT NULL,
    "chosen" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "facebook_pages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "facebook_pages_account_id_page_id_key" ON "facebook_pages"("account_id", "page_id");

-- AddForeignKey
ALTER TABLE "facebook_pages" ADD CONSTRAINT "facebook_pages_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "platform_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
