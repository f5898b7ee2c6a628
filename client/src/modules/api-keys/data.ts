// The API keys page's conversation with the server (docs/architecture.md#client-rooms): the page's keys
// and rights, creating a key (shown once, never kept in Apollo's cache) and revoking one.
import { useMutation, useQuery } from "@apollo/client/react";
import { ApiKeysPageDocument, CreateApiKeyDocument, RevokeApiKeyDocument } from "../../graphql/graphql.ts";

/** A key just created: its secret, shown this once, and its name. */
export interface CreatedKey {
  key: string;
  name: string;
}

export function useApiKeysPage() {
  const { data, error, loading, refetch } = useQuery(ApiKeysPageDocument, { fetchPolicy: "cache-and-network" });
  const reload = () => refetch().catch(() => {});
  return { data, error, loading, reload };
}

/** Creates a key; null when the server answered without one. */
export function useCreateApiKey() {
  // no-cache: the key must not stay in Apollo's cache once the modal is closed
  const [create, { loading }] = useMutation(CreateApiKeyDocument, { fetchPolicy: "no-cache" });
  const send = async (name: string): Promise<CreatedKey | null> => {
    const c = (await create({ variables: { name: name.trim() } })).data?.createApiKey;
    return c ? { key: c.key, name: c.apiKey.name } : null;
  };
  return { create: send, creating: loading };
}

export function useRevokeApiKey() {
  const [revoke] = useMutation(RevokeApiKeyDocument);
  return (id: string) => revoke({ variables: { id } });
}
