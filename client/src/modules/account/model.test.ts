// The account forms' rules without rendering: the business's details as sent, and a refusal's field
// errors placed only on the form's own fields, in the form's order.
import { businessDetailsOf, fieldErrorsOn } from "./model.ts";

test("the business's details are sent trimmed, the phone without spaces or dashes", () => {
  expect(businessDetailsOf({ company_name: "  Qahwa Co ", phone: "+965 5000-0000", address: " Salmiya " })).toEqual({
    company_name: "Qahwa Co",
    phone: "+96550000000",
    address: "Salmiya",
  });
  expect(businessDetailsOf({ company_name: "Qahwa", phone: "+96550000000", address: undefined }).address).toBe("");
  expect(businessDetailsOf({ company_name: "Qahwa", phone: "+96550000000", address: null }).address).toBe("");
});

test("a refusal's field errors land on the form's own fields, in the form's order", () => {
  const details = { address: ["Too long"], email: ["Taken"], company_name: ["Required"], phone: [] };
  expect(fieldErrorsOn(details, ["company_name", "phone", "address"] as const)).toEqual([
    { name: "company_name", errors: ["Required"] },
    { name: "address", errors: ["Too long"] },
  ]);
  expect(fieldErrorsOn({ email: ["Taken"] }, ["current_password", "new_password"] as const)).toEqual([]);
});
