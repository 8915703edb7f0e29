/** The drawing for each icon name a config file may use (config icon names: src/config/icons.ts). */
import ArrowForward from '@mui/icons-material/ArrowForward';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import Campaign from '@mui/icons-material/Campaign';
import Chat from '@mui/icons-material/Chat';
import Dashboard from '@mui/icons-material/Dashboard';
import Email from '@mui/icons-material/Email';
import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import Language from '@mui/icons-material/Language';
import LinkedIn from '@mui/icons-material/LinkedIn';
import Palette from '@mui/icons-material/Palette';
import Phone from '@mui/icons-material/Phone';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import Place from '@mui/icons-material/Place';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import SupportAgent from '@mui/icons-material/SupportAgent';
import TravelExplore from '@mui/icons-material/TravelExplore';
import TrendingUp from '@mui/icons-material/TrendingUp';
import WhatsApp from '@mui/icons-material/WhatsApp';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { IconName } from '../config/icons';

const icons = {
  phone: Phone,
  email: Email,
  whatsapp: WhatsApp,
  instagram: Instagram,
  linkedin: LinkedIn,
  facebook: Facebook,
  chat: Chat,
  web: Language,
  mobile: PhoneIphone,
  design: Palette,
  seo: TravelExplore,
  cart: ShoppingCart,
  cms: Dashboard,
  support: SupportAgent,
  marketing: Campaign,
  growth: TrendingUp,
  branding: AutoAwesome,
  arrow: ArrowForward,
  location: Place,
} satisfies Record<IconName, ComponentType<SvgIconProps>>;

/** A decorative icon by name; the text beside it (or the link's label) says what it means. */
export function Icon({ name, ...props }: { name: IconName } & SvgIconProps) {
  const Drawing = icons[name];
  return <Drawing aria-hidden focusable="false" {...props} />;
}
