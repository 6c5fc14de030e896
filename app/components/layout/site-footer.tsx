import { useTranslation } from "react-i18next";
import { AppLink } from "./app-link";

export function SiteFooter({ year, statusUrl }: { year: number; statusUrl?: string }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p>{t("footer.copyright", { year })}</p>
        <nav aria-label={t("footer.legal")}>
          <ul className="footer-links">
            <li>
              <AppLink to="/terms">{t("footer.terms")}</AppLink>
            </li>
            <li>
              <AppLink to="/privacy-policy">{t("footer.privacy")}</AppLink>
            </li>
            <li>
              <AppLink to="/cookie-policy">{t("footer.cookies")}</AppLink>
            </li>
            {statusUrl ? (
              <li>
                <AppLink to={statusUrl}>{t("footer.status")}</AppLink>
              </li>
            ) : null}
          </ul>
        </nav>
        <p className="footer-support">{t("footer.support")}</p>
      </div>
    </footer>
  );
}
