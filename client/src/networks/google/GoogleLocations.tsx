// The Google card's locations (Settings): every branch the Google connection shows, with Google's
// verification (an unverified one refuses replies and posts until Google verifies it), a checkbox to
// pick it (its reviews come into the inbox, the Google posts go there), a mark on one Google no longer
// lists, and "Read locations again".
import { useMutation, useQuery } from "@apollo/client/react";
import { App, Button, Checkbox, List, Skeleton, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import {
  PlatformsGoogleLocationsDocument,
  PlatformsPickGoogleLocationsDocument,
  PlatformsRefreshGoogleLocationsDocument,
} from "../../graphql/graphql.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import { LoadError } from "../../shared/LoadError.tsx";
import { TAG_COLORS } from "../../shared/tagColors.ts";
import { ACCOUNTS_NS } from "../i18n.ts";
import "./i18n.ts";

export function GoogleLocations() {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { message } = App.useApp();
  const { data, error, refetch } = useQuery(PlatformsGoogleLocationsDocument, { fetchPolicy: "cache-and-network" });
  const [pick, { loading: picking }] = useMutation(PlatformsPickGoogleLocationsDocument);
  const [reread, { loading: reading }] = useMutation(PlatformsRefreshGoogleLocationsDocument);

  const toggle = async (id: string, picked: boolean) => {
    try {
      // the answer is the whole list: Apollo updates each location in its cache
      await pick({ variables: { locationIds: [id], picked } });
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  const readAgain = async () => {
    try {
      await reread();
      await refetch().catch(() => {});
      void message.success(t("google.reread"));
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  if (!data)
    return error ? (
      <LoadError title={t("google.loadFailed")} error={error} onRetry={() => refetch().catch(() => {})} />
    ) : (
      <Skeleton active paragraph={{ rows: 2 }} />
    );
  const list = data.googleLocations;
  return (
    <div className="sufra-google-locations" data-testid="google-locations">
      <Typography.Text strong>{t("google.title")}</Typography.Text>
      <Typography.Paragraph type="secondary">{t("google.intro")}</Typography.Paragraph>
      {list.length === 0 ? (
        <Typography.Paragraph type="secondary" data-testid="google-no-locations">
          {t("google.none")}
        </Typography.Paragraph>
      ) : (
        <List
          size="small"
          dataSource={list}
          renderItem={(l) => (
            <List.Item key={l.id} data-testid={`google-location-${l.id}`}>
              <div className="sufra-google-location">
                <Checkbox
                  checked={l.picked}
                  disabled={picking || (!!l.goneAt && !l.picked)}
                  onChange={(e) => void toggle(l.id, e.target.checked)}
                  aria-label={t("google.pick", { title: l.title })}
                >
                  <bdi>{l.title}</bdi>
                </Checkbox>{" "}
                {l.goneAt ? (
                  <Tag data-testid="location-gone">{t("google.gone")}</Tag>
                ) : l.verified ? (
                  <Tag variant="solid" color={TAG_COLORS.success}>
                    {t("google.verified")}
                  </Tag>
                ) : (
                  <Tag variant="solid" color={TAG_COLORS.warning} data-testid="location-unverified">
                    {t("google.unverified")}
                  </Tag>
                )}
                {l.address && (
                  <Typography.Paragraph type="secondary" className="sufra-google-location-address">
                    <bdi>{l.address}</bdi>
                  </Typography.Paragraph>
                )}
                {!l.verified && !l.goneAt && (
                  <Typography.Paragraph type="warning">{t("google.unverifiedHint")}</Typography.Paragraph>
                )}
                {l.goneAt && <Typography.Paragraph type="secondary">{t("google.goneHint")}</Typography.Paragraph>}
              </div>
            </List.Item>
          )}
        />
      )}
      <Button onClick={() => void readAgain()} loading={reading} data-testid="google-reread">
        {t("google.readAgain")}
      </Button>
    </div>
  );
}
