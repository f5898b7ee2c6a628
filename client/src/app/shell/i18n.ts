// Texts of the app shell (side menu, top bar). Menu labels come from @sufra/schema's MENU.
import { registerTranslations } from "../../i18n/index.ts";

registerTranslations("shell", {
  en: {
    nav: "Main menu",
    skipToContent: "Skip to content",
    home: "Sufra home",
    openMenu: "Open menu",
    collapse: "Collapse menu",
    expand: "Expand menu",
    notifications: "Notifications",
    noNotifications: "No new notifications",
    account: "Account menu for {{name}}",
    profile: "Profile",
    settings: "Settings",
    logout: "Logout",
    roles: { admin: "Admin", owner: "Owner", client: "Client" },
  },
  ar: {
    nav: "القائمة الرئيسية",
    skipToContent: "انتقل إلى المحتوى",
    home: "الصفحة الرئيسية لسفرة",
    openMenu: "فتح القائمة",
    collapse: "طي القائمة",
    expand: "توسيع القائمة",
    notifications: "الإشعارات",
    noNotifications: "لا توجد إشعارات جديدة",
    account: "قائمة حساب {{name}}",
    profile: "الملف الشخصي",
    settings: "الإعدادات",
    logout: "تسجيل الخروج",
    roles: { admin: "مشرف", owner: "مالك", client: "عميل" },
  },
});
