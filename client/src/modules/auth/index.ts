// The auth module's face: the page frame and form pieces the invitation page (team) shares with the auth
// pages. Everything else is private; the pages are loaded by the router.
export { AuthLayout } from "./AuthLayout.tsx";
export {
  BackToLogin,
  detailsOnFields,
  Field,
  generalError,
  Notice,
  useAuthText,
  useFieldForm,
  type FieldErrors,
  type LoginState,
} from "./shared.tsx";
export { InvalidLink } from "./InvalidLink.tsx";
