// The REST reference: the OpenAPI document grouped by tag, each operation's method, path (left to right
// in both languages), summary, parameters, request body and responses; the download link; the filter;
// Arabic texts around the document's own English; a failed load offers a retry.
import { fireEvent, screen, within } from "@testing-library/react";
import { fakeFetch, inLanguage, renderAt } from "../../../test/render.tsx";
import RestReference, { schemaText, type OpenApiDocument } from "./RestReference.tsx";

const doc: OpenApiDocument = {
  openapi: "3.1.0",
  info: { title: "Sufra REST API", version: "0.1.0" },
  tags: [{ name: "Auth" }, { name: "Posts" }],
  paths: {
    "/auth/login": {
      post: {
        tags: ["Auth"],
        summary: "Sign in",
        security: [],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { email: { type: "string" }, password: { type: "string" } },
                required: ["email", "password"],
              },
            },
          },
        },
        responses: {
          "200": {
            description: "Signed in",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Session" } } },
          },
          "401": { $ref: "#/components/responses/Error401" },
        },
      },
    },
    "/posts/{id}": {
      get: {
        tags: ["Posts"],
        summary: "A post",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
        responses: {
          "200": {
            description: "The post",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { id: { type: "string" }, status: { type: "string", enum: ["draft", "scheduled"] } },
                  required: ["id"],
                },
              },
            },
          },
        },
      },
      delete: { tags: ["Posts"], summary: "Delete a post", responses: { "200": { description: "Deleted" } } },
    },
  },
  components: {
    responses: {
      Error401: {
        description: "No session token",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error401" } } },
      },
    },
    schemas: {
      Error401: {
        type: "object",
        properties: {
          message: { type: "string" },
          code: { type: "string", enum: ["UNAUTHENTICATED", "SESSION_EXPIRED"] },
        },
        required: ["message", "code"],
      },
      Session: {
        type: "object",
        properties: {
          access_token: { type: "string" },
          user: { type: ["object", "null"], properties: { id: { type: "string" } } },
        },
        required: ["access_token"],
      },
    },
  },
};

beforeEach(() => inLanguage("en"));

test("operations grouped by tag, with method, path, summary, parameters, body and responses; the download link", async () => {
  const { calls } = fakeFetch({ "GET /api/openapi.json": [200, doc] });
  renderAt("/developers", <RestReference />);
  expect(await screen.findByText("REST API reference")).toBeInTheDocument();
  expect(calls[0]!.url).toBe("/api/openapi.json");
  expect(screen.getByText(/3 operations/)).toBeInTheDocument();
  expect(screen.getByTestId("openapi-download")).toHaveAttribute("href", "/api/openapi.json");
  expect(screen.getByText("Auth")).toBeInTheDocument();
  expect(screen.getByText("Posts")).toBeInTheDocument();

  fireEvent.click(screen.getByText("Auth"));
  const login = await screen.findByTestId("operation-post-/auth/login");
  expect(within(login).getByText("POST")).toBeInTheDocument();
  expect(within(login).getByText("/auth/login")).toHaveAttribute("dir", "ltr");
  expect(within(login).getByText("Sign in")).toBeInTheDocument();
  expect(within(login).getByText("Public")).toBeInTheDocument();
  fireEvent.click(within(login).getByText("Sign in"));
  expect(await screen.findByText("Request body")).toBeInTheDocument();
  expect(screen.getByText(/email: string/)).toBeInTheDocument();
  // the $ref is followed into components
  expect(screen.getByText(/access_token: string/)).toBeInTheDocument();
  // a shared error response is followed too, with the catalogue's codes for its status
  expect(screen.getByTestId("response-401")).toHaveTextContent("No session token");
  expect(screen.getByTestId("response-401")).toHaveTextContent('code: "UNAUTHENTICATED" | "SESSION_EXPIRED"');

  fireEvent.click(screen.getByText("Posts"));
  const get = await screen.findByTestId("operation-get-/posts/{id}");
  expect(within(get).getByText("Session token")).toBeInTheDocument();
  fireEvent.click(within(get).getByText("A post"));
  expect(await screen.findAllByText("Parameters")).toHaveLength(2); // the sign-in panel, still open, and this one
  expect(screen.getByText(/"draft" \| "scheduled"/)).toBeInTheDocument();
});

test("the filter keeps the operations whose path or summary match", async () => {
  fakeFetch({ "GET /api/openapi.json": [200, doc] });
  renderAt("/developers", <RestReference />);
  fireEvent.change(await screen.findByLabelText("Filter by path or summary"), { target: { value: "delete" } });
  fireEvent.click(screen.getByText("Posts"));
  expect(await screen.findByTestId("operation-delete-/posts/{id}")).toBeInTheDocument();
  expect(screen.queryByText("Auth")).not.toBeInTheDocument();
  fireEvent.change(screen.getByLabelText("Filter by path or summary"), { target: { value: "nothing like it" } });
  expect(await screen.findByText("No operation matches")).toBeInTheDocument();
});

test("in Arabic: the texts around the document are Arabic, paths stay left to right", async () => {
  await inLanguage("ar");
  fakeFetch({ "GET /api/openapi.json": [200, doc] });
  renderAt("/developers", <RestReference />);
  expect(await screen.findByText("مرجع واجهة REST")).toBeInTheDocument();
  expect(screen.getByText("تنزيل openapi.json")).toBeInTheDocument();
  fireEvent.click(screen.getByText("Auth"));
  const login = await screen.findByTestId("operation-post-/auth/login");
  expect(within(login).getByText("عام")).toBeInTheDocument();
  expect(within(login).getByText("/auth/login")).toHaveAttribute("dir", "ltr");
});

test("a failed load says so and tries again", async () => {
  const { calls } = fakeFetch({
    "GET /api/openapi.json": [
      [500, { message: "x", code: "INTERNAL" }],
      [200, doc],
    ],
  });
  renderAt("/developers", <RestReference />);
  expect(await screen.findByText("Could not load the REST reference")).toBeInTheDocument();
  fireEvent.click(screen.getByRole("button", { name: /retry/i }));
  expect(await screen.findByText("REST API reference")).toBeInTheDocument();
  expect(calls).toHaveLength(2);
});

test("schemaText: unions, nullable types, arrays and records", () => {
  expect(schemaText({ type: ["string", "null"] }, doc)).toBe("string | null");
  expect(schemaText({ type: "array", items: { type: "integer" } }, doc)).toBe("integer[]");
  expect(schemaText({ type: "array", items: { type: "string", enum: ["instagram", "twitter"] } }, doc)).toBe(
    '("instagram" | "twitter")[]',
  );
  expect(schemaText({ anyOf: [{ type: "string", format: "uuid" }, { type: "null" }] }, doc)).toBe(
    "string (uuid) | null",
  );
  expect(schemaText({ type: "object", additionalProperties: { type: "number" } }, doc)).toBe(
    "{ [key: string]: number }",
  );
});
