/**
 * A lead's notifications (the owner's mail, the webhook…), each with its state and "Send again":
 * a table on a wide screen; on a phone each as a short list of its facts (a table would be wider
 * than the screen).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import admin from '../../../../config/admin';
import type { Delivery } from '../../model/adminApi';
import { ScreenReaderText } from '../../../site/ui/ScreenReaderText';
import { deliveryStateLabel, fill, formatDate } from '../../../platform/inbox/format';
import { Section } from '../../../platform/inbox/Section';
import { WideTable } from '../../../platform/inbox/WideTable';

const t = admin.lead;

/** A delivery's cells, in the order of config/admin.ts deliveryColumns. */
const deliveryCells = (delivery: Delivery): [keyof typeof t.deliveryColumns, string | number][] => [
  [
    'channel',
    fill(t.deliveryChannel, { channel: t.channels[delivery.channel as keyof typeof t.channels] ?? delivery.channel, about: t.deliveryAbout[delivery.about] }),
  ],
  ['state', deliveryStateLabel(delivery)],
  ['attempts', delivery.attempts],
  ['lastError', delivery.lastError ?? ''],
  ['sentAt', delivery.sentAt ? formatDate(delivery.sentAt) : ''],
];

const SendAgain = ({ onClick }: { onClick: () => void }) => (
  <Button size="small" variant="outlined" onClick={onClick}>
    {t.sendAgain}
  </Button>
);

type SendAgainOf = (id: string) => Promise<boolean>;

/** A phone: each notification as a short list of its facts. */
function DeliveryList({ deliveries, sendAgain }: { deliveries: Delivery[]; sendAgain: SendAgainOf }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
      {deliveries.map((delivery) => (
        <Box component="li" key={delivery.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
            {deliveryCells(delivery)
              .filter(([, value]) => value !== '')
              .map(([key, value]) => (
                <Box key={key} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ fontWeight: 700 }}>
                    {t.deliveryColumns[key]}
                  </Box>
                  <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Box>
                </Box>
              ))}
          </Box>
          <Box sx={{ mt: 1 }}>
            <SendAgain onClick={() => void sendAgain(delivery.id)} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function DeliveryTable({ deliveries, sendAgain }: { deliveries: Delivery[]; sendAgain: SendAgainOf }) {
  return (
    <WideTable>
      <Table size="small" aria-labelledby="deliveries-heading">
        <TableHead>
          <TableRow>
            {Object.values(t.deliveryColumns).map((heading) => (
              <TableCell key={heading}>{heading}</TableCell>
            ))}
            <TableCell>
              <ScreenReaderText>{t.sendAgain}</ScreenReaderText>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.id}>
              {deliveryCells(delivery).map(([key, value]) => (
                <TableCell key={key} sx={key === 'lastError' ? { overflowWrap: 'anywhere', minWidth: 160 } : undefined}>
                  {value}
                </TableCell>
              ))}
              <TableCell>
                <SendAgain onClick={() => void sendAgain(delivery.id)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </WideTable>
  );
}

export function Deliveries({ deliveries, small, sendAgain }: { deliveries: Delivery[]; small: boolean; sendAgain: SendAgainOf }) {
  return (
    <Section id="deliveries-heading" heading={t.deliveriesHeading}>
      {deliveries.length === 0 ? (
        <Typography>{t.noDeliveries}</Typography>
      ) : small ? (
        <DeliveryList deliveries={deliveries} sendAgain={sendAgain} />
      ) : (
        <DeliveryTable deliveries={deliveries} sendAgain={sendAgain} />
      )}
    </Section>
  );
}
