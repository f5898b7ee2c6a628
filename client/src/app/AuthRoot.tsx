// The root of the sign-in doors (login, sign-up, password and e-mail links): the ground, text colour,
// size and fonts of the signed-in app as plain CSS (auth-root.css; the fonts from the landing's brand-fonts.css, as it loads
// them), so the pages drawn with plain controls download no component library. The doors still drawn
// with antd sit under AuthAntdRoot, which adds antd's theme, direction and locale. <html lang dir>
// follow the language (i18n/index.ts).
import { Outlet } from "react-router-dom";
import "../i18n/catalogue/i18n.ts";
import { useTheme } from "../lib/preferences.ts";
import "../modules/landing/brand-fonts.css";
import "./auth-root.css";

function AuthRoot() {
  const { dark } = useTheme();
  return (
    <div className={dark ? "sufra-dark auth-ground" : "sufra-light auth-ground"}>
      <Outlet />
    </div>
  );
}

export default AuthRoot;
