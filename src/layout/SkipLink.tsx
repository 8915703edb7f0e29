import Box from '@mui/material/Box';
import site from '../../config/site';

/** The first thing a keyboard user reaches: jumps past the header to the page content. */
export function SkipLink({ target }: { target: string }) {
  return (
    <Box
      component="a"
      href={`#${target}`}
      sx={{
        position: 'absolute',
        left: 16,
        top: -100,
        zIndex: 2000,
        bgcolor: 'primary.dark',
        color: 'common.white',
        px: 2,
        py: 1,
        borderRadius: 1,
        fontWeight: 700,
        '&:focus': { top: 16 },
      }}
    >
      {site.ui.skipToContent}
    </Box>
  );
}
