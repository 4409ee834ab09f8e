import MuiPaper, { PaperProps } from "@mui/material/Paper";

const Paper = (props: PaperProps) => { // @def(paper, "Paper")
  return <MuiPaper {...props} />;
};

export default Paper; // @nocallers(paper)
