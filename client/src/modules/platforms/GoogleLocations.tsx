// The Google card's locations (Settings): every branch the Google connection shows, with Google's
// verification (an unverified one refuses replies and posts until Google verifies it), a checkbox to
// pick it (its reviews come into the inbox, the Google posts go there), a mark on one Google no longer
// lists, and "Read locations again".
import { App, Button, Checkbox, List, Skeleton, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/errorMessage.ts";
import { LoadError } from "../../shared/LoadError.tsx";
import { TAG_COLORS } from "../../shared/tagColors.ts";
import { PLATFORMS_NS } from "./i18n.ts";
import { useGoogleLocations } from "./data.ts";

export function GoogleLocations() {
  const { t } = useTranslation(PLATFORMS_NS);
  const { message } = App.useApp();
  const { locations, error, reload, pick, picking, readAgain: reread, reading } = useGoogleLocations();

  const toggle = async (id: string, picked: boolean) => {
    try {
      // the answer is the whole list: Apollo updates each location in its cache
      await pick(id, picked);
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  const readAgain = async () => {
    try {
      await reread();
      void message.success(t("google.reread"));
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  if (!locations)
    return error ? (
      <LoadError title={t("google.loadFailed")} error={error} onRetry={reload} />
    ) : (
      <Skeleton active paragraph={{ rows: 2 }} />
    );
  const list = locations;
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
