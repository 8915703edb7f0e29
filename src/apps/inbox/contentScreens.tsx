/**
 * The content editor's screens as the inbox shows them (React.lazy loads this module, in the
 * editor's chunk): a published article's screen offers to send it to the newsletter's readers.
 */
import ContentScreens from '../../content/editor/ContentScreens';
import { SendArticle } from '../../newsletter/inbox/SendArticle';

export default function ContentScreensWithNewsletter() {
  return <ContentScreens ArticleActions={SendArticle} />;
}
