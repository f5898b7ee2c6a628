-- AlterTable
ALTER TABLE "reviews" ADD COLUMN     "intent" TEXT NOT NULL DEFAULT 'other';

-- Items stored before the reader read intent: a question cannot be told from the stored sentiment, so
-- a complaint or praise is what the sentiment said and the rest stays other until its text is read again.
UPDATE "reviews" SET "intent" = CASE "sentiment" WHEN 'negative' THEN 'complaint' WHEN 'positive' THEN 'praise' ELSE 'other' END;
