// STUB: the translations module's REST paths (thin; they call the service).
import { Router } from "express";
import type { Services } from "../../services.ts";

export function translationsRouter(services: Services) {
  void services;
  return Router();
}
