/** Every form of the site, by the name pages and the footer use to place it. */
import contact from './contact';
import freelancer from './freelancer';
import inquiry from './inquiry';
import newsletter from './newsletter';

export default { newsletter, inquiry, freelancer, contact };
