// What every public page (landing, terms, privacy) does on arrival: the document title in the
// person's language, and the scroll position: the section named by the hash (/#pricing from another
// page), otherwise the top (the router keeps the previous page's position).
import { useEffect } from "react";
import { useLocation } from "react-router-dom";

export function usePublicPage(title: string) {
  const { pathname, hash } = useLocation();

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : document.body;
    // jsdom has no scrollIntoView, hence the optional call
    target?.scrollIntoView?.({ block: "start", behavior: hash ? "smooth" : "instant" });
  }, [pathname, hash]);
}
