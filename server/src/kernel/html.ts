// Kernel (src/kernel/): shared by every module and feature-free.
// Text put into server-rendered HTML (the link page, docs/architecture.md#link-page): HTML's five special characters
// as entities, so a name or an address from a café can never open a tag or leave an attribute.
const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
