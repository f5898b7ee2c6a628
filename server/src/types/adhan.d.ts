// adhan 4.4 names lib/types/Adhan.d.ts as its types but ships them elsewhere, and as CommonJS with a
// default export only: the parts Sufra uses, typed here (calendar.service.ts).
declare module "adhan" {
  interface CalculationParameters {
    method: string;
    fajrAngle: number;
    ishaAngle: number;
    madhab: "shafi" | "hanafi";
  }
  interface Coordinates {
    latitude: number;
    longitude: number;
  }
  const adhan: {
    CalculationMethod: { Kuwait(): CalculationParameters };
    Madhab: { readonly Shafi: "shafi"; readonly Hanafi: "hanafi" };
    Coordinates: new (latitude: number, longitude: number) => Coordinates;
    PrayerTimes: new (
      coordinates: Coordinates,
      date: Date,
      params: CalculationParameters,
    ) => { fajr: Date; sunrise: Date; dhuhr: Date; asr: Date; maghrib: Date; isha: Date };
  };
  export default adhan;
}
