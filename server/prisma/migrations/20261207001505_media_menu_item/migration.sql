-- AlterTable
ALTER TABLE "media" ADD COLUMN     "menu_item_id" UUID;

-- CreateIndex
CREATE INDEX "media_menu_item_id_idx" ON "media"("menu_item_id");

-- AddForeignKey
ALTER TABLE "media" ADD CONSTRAINT "media_menu_item_id_fkey" FOREIGN KEY ("menu_item_id") REFERENCES "menu_items"("id") ON DELETE SET NULL ON UPDATE CASCADE;
