// Today in Kuwait as both dashboards show it: the prayer times beside the coming occasions (half the
// width each on a large screen, one under the other on a phone). Two columns for the caller's Row.
import { Col } from "antd";
import { OccasionsCard } from "./OccasionsCard.tsx";
import { PrayerTimesCard } from "./PrayerTimesCard.tsx";

export function KuwaitDayCols() {
  return (
    <>
      <Col xs={24} lg={12}>
        <PrayerTimesCard />
      </Col>
      <Col xs={24} lg={12}>
        <OccasionsCard />
      </Col>
    </>
  );
}
