import Box from '@mui/material/Box';

/**
 * The first thing a keyboard user reaches: jumps past the header to the page content. The
 * site's layout and the inbox's each give it their words.
 */
export function SkipLink({ target, label }: { target: string; label: string }) {
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
      {label}
    </Box>
  );
}
