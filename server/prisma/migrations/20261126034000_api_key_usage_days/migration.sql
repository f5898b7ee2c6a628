-- CreateTable
CREATE TABLE "api_key_usage_days" (
    "api_key_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "errors" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "api_key_usage_days_pkey" PRIMARY KEY ("api_key_id","day")
);

-- AddForeignKey
ALTER TABLE "api_key_usage_days" ADD CONSTRAINT "api_key_usage_days_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
