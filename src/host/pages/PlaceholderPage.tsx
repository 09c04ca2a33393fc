import { Link } from 'react-router';
import { ConstructionIcon } from '../../ui/icons';
import { usePageTitle } from '../shell/page-title';
import { SHELL_TEXTS } from '../../contract/texts/shell';
import './placeholder.css';

export interface PlaceholderPageProps {
  screen: string;
  title?: string;
}

/** Stands in for a screen of the route table that is not built yet. */
export function PlaceholderPage({ screen, title }: PlaceholderPageProps) {
  usePageTitle(title);
  return (
    <section className="kg-placeholder" aria-labelledby="kg-placeholder-title">
      <span className="kg-placeholder__icon">
        <ConstructionIcon />
      </span>
      <h2 id="kg-placeholder-title" className="kg-placeholder__title">
        {screen}
      </h2>
      <p className="kg-placeholder__text">{SHELL_TEXTS.comingSoon}</p>
      <Link to="/dashboard" className="kg-btn kg-btn--outlined">
        {SHELL_TEXTS.dashboard}
      </Link>
    </section>
  );
}
