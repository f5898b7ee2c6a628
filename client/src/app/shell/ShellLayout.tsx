// STUB: replaced by the app shell (side menu, top bar) around <Outlet/>, inside ApolloProvider.
import { Outlet } from "react-router-dom";
export default function ShellLayout() {
  return <Outlet />;
}
