-- AlterEnum
ALTER TYPE "Platform" ADD VALUE 'google';
