/**
 * "Send as newsletter" on a published article's screen in the content editor (when it is
 * published, or any time later): a newsletter's draft is made from the article as the site shows
 * it (its title, summary, text and a link to its page), and its page opens, to be previewed,
 * tested and sent. The article must be published: its page is what the newsletter links to.
 */
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import admin from '../../../config/admin';
import { call } from '../../platform/inbox/api';
import { articlesOf } from './articles';

export function SendArticle({ articleId, onError }: { articleId: string; onError(message: string): void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const article = (await articlesOf()).find((a) => a.id === articleId);
      if (!article) throw new Error(admin.newsletters.notFound);
      const made = await call('newsletterCreate', { json: { fromArticle: article } });
      navigate(`/newsletters/${made.id}`);
    } catch (error) {
      onError((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" disabled={busy} onClick={() => void start()} sx={{ whiteSpace: 'nowrap' }}>
      {admin.newsletters.sendArticle}
    </Button>
  );
}
