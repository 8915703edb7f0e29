import type { PageConfig } from '../../src/config/pageSchema';

export default {
  title: 'Blog | Business Growth',
  description:
    'Practical advice on websites, apps and online marketing from the Business Growth team: how to plan a project, choose a partner and grow online.',
  sections: [
    {
      type: 'pageHeader',
      breadcrumb: [{ label: 'Home', href: '/' }, { label: 'Blog' }],
      heading: 'Blog & Best Advise',
      text: 'Plain-English guides to help you plan, build and grow your website or app.',
    },
    {
      type: 'article',
      id: 'advice',
      heading: 'How to choose the right partner for your website or app',
      byline: 'By the Business Growth team',
      image: {
        src: '/images/blog/advice.svg',
        alt: 'Two people shaking hands across a table with a laptop, sketches and a project plan',
        width: 960,
        height: 400,
      },
      parts: [
        {
          heading: 'Start with your goals, not the technology',
          paragraphs: [
            'Before you speak to any agency, write down what you want the project to achieve. More enquiries? Online sales? Less time spent on bookings? Clear goals make it much easier to compare proposals.',
            'A good partner will ask about those goals first and only then recommend a platform or a technology. Be cautious of anyone who suggests a solution before they understand the problem.',
          ],
        },
        {
          heading: 'Look at real work and ask how it was made',
          paragraphs: [
            'Ask to see projects similar in size to yours, and try them on your own phone. Are they fast? Easy to use? Do they still look cared for?',
            'Then ask how the team worked with that client: how often they met, how changes were handled, and what happened after launch.',
          ],
        },
        {
          heading: 'Expect clear estimates and honest trade-offs',
          paragraphs: [
            'A trustworthy estimate breaks the work into parts, explains what is included and names what is not. If a price seems too good to be true, ask what has been left out.',
            'Good partners also tell you when a smaller first version would serve you better, so you can launch sooner and grow the project with real feedback.',
          ],
        },
        {
          heading: 'Plan for life after launch',
          paragraphs: [
            'A website or an app needs updates, backups and occasional improvements. Ask who will look after it, how quickly problems will be fixed, and what that support costs.',
            'Finally, make sure you will own your domain, your content and your code. That way, your investment stays yours, whatever happens next.',
          ],
        },
      ],
    },
    {
      type: 'cards',
      id: 'latest',
      heading: 'Latest Articles',
      columns: 3,
      cards: [
        {
          title: 'Responsive Website Redesign',
          text: 'Is your website hard to use on a phone? Here is how a responsive redesign can win back mobile visitors.',
          image: {
            src: '/images/blog/responsive.svg',
            alt: 'A website layout adapting from a desktop screen to a tablet and a phone',
            width: 480,
            height: 270,
          },
          more: [
            'Most people now visit websites on their phones first. If your pages need pinching and zooming, or buttons are too small to tap, many of those visitors will leave before they read a word.',
            'A responsive redesign rebuilds your layout so it adjusts to any screen. Text stays readable, images resize, and menus fold neatly away on small screens. It is also a good moment to trim outdated content and make your contact details easier to find.',
            'Before you start, note which pages bring in the most visitors and enquiries. Keeping those addresses, or redirecting them carefully, protects the search rankings you have already earned.',
          ],
        },
        {
          title: 'E-Commerce App Development',
          text: 'Thinking of selling online? These are the features that matter most in a store your customers will enjoy using.',
          image: {
            src: '/images/blog/ecommerce.svg',
            alt: 'A phone showing an online shop with product cards and a shopping cart icon',
            width: 480,
            height: 270,
          },
          more: [
            'A successful online store feels effortless to the shopper. That starts with clear product photos, honest descriptions and search and filters that help people find what they want quickly.',
            'Checkout is where most sales are won or lost. Keep it short, offer trusted payment options, allow guest checkout, and show delivery costs early so there are no surprises.',
            'Behind the scenes, make sure you can manage stock, orders and refunds easily. The simpler the daily running of your store, the more time you have to grow it.',
          ],
        },
        {
          title: 'Design User Interface',
          text: 'Good interface design is not just about looks. Learn the simple principles that make screens easy to use.',
          image: {
            src: '/images/blog/ui-design.svg',
            alt: 'A designer arranging buttons, text blocks and color swatches on an app screen',
            width: 480,
            height: 270,
          },
          more: [
            'A good user interface helps people do what they came to do, without having to think about it. Consistent buttons, clear labels and a sensible order of steps go a long way.',
            'Give each screen one main purpose and make the most important action stand out. Use spacing and headings to group related information, and keep text short and direct.',
            'Finally, test with real people. Watching a few customers try your design will reveal more than hours of debate, and small fixes early on save costly changes later.',
          ],
        },
      ],
    },
  ],
} satisfies PageConfig;
