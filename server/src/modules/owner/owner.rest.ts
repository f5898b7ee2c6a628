// STUB: the owner module's REST paths (thin; they call the service).
import { Router } from "express";
import type { Services } from "../../services.ts";

export function ownerRouter(services: Services) {
  void services;
  return Router();
}
