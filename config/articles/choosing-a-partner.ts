import type { ArticleConfig } from '../../src/content/model/articleSchema';

export default {
  title: 'How to choose the right partner for your website or app',
  address: 'how-to-choose-the-right-partner',
  // The feed has known this article by this address since it was first published: its entry keeps it.
  feedId: 'how-to-choose-the-right-partner',
  summary:
    'Goals first, real work, clear estimates and a plan for after launch: what to look for when you choose who builds your website or app.',
  cover: {
    src: '/images/blog/advice.svg',
    alt: 'Two people shaking hands across a table with a laptop, sketches and a project plan',
    width: 960,
    height: 400,
  },
  author: 'the Business Growth team',
  date: '2026-11-02',
  body: [
    { type: 'heading', level: 2, text: 'Start with your goals, not the technology' },
    { type: 'paragraph', content: [{ text: 'Before you speak to any agency, write down what you want the project to achieve. More enquiries? Online sales? Less time spent on bookings? Clear goals make it much easier to compare proposals.' }] },
    { type: 'paragraph', content: [{ text: 'A good partner will ask about those goals first and only then recommend a platform or a technology. Be cautious of anyone who suggests a solution before they understand the problem.' }] },
    { type: 'heading', level: 2, text: 'Look at real work and ask how it was made' },
    { type: 'paragraph', content: [{ text: 'Ask to see projects similar in size to yours, and try them on your own phone. Are they fast? Easy to use? Do they still look cared for?' }] },
    { type: 'paragraph', content: [{ text: 'Then ask how the team worked with that client: how often they met, how changes were handled, and what happened after launch.' }] },
    { type: 'heading', level: 2, text: 'Expect clear estimates and honest trade-offs' },
    { type: 'paragraph', content: [{ text: 'A trustworthy estimate breaks the work into parts, explains what is included and names what is not. If a price seems too good to be true, ask what has been left out.' }] },
    { type: 'paragraph', content: [{ text: 'Good partners also tell you when a smaller first version would serve you better, so you can launch sooner and grow the project with real feedback.' }] },
    { type: 'heading', level: 2, text: 'Plan for life after launch' },
    { type: 'paragraph', content: [{ text: 'A website or an app needs updates, backups and occasional improvements. Ask who will look after it, how quickly problems will be fixed, and what that support costs.' }] },
    { type: 'paragraph', content: [{ text: 'Finally, make sure you will own your domain, your content and your code. That way, your investment stays yours, whatever happens next.' }] },
  ],
} satisfies ArticleConfig;
