// STUB: the api-keys module's REST paths (thin; they call the service).
import { Router } from "express";
import type { Services } from "../../services.ts";

export function apiKeysRouter(services: Services) {
  void services;
  return Router();
}
